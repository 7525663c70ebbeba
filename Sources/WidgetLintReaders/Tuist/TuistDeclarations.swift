import SwiftSyntax
import WidgetLintCore

/// What a Tuist manifest's expressions may name: the constants, computed properties and functions
/// declared at the top level of the manifest and of its helpers (`Tuist/ProjectDescriptionHelpers`),
/// and the static members of their types and extensions (`extension Target { static let widget = … }`),
/// by name or by `Type.name`. Nothing is run: a declaration is the syntax its value is read from.
package struct TuistDeclarations {
  package struct Parameter {
    /// The argument label; nil for `_`.
    package var label: String?
    /// The name the body uses.
    package var name: String
    package var defaultValue: ExprSyntax?
    package var isVariadic: Bool
  }

  package enum Declaration {
    /// `let name = value` (or `let name: Type = value`).
    case constant(ExprSyntax, type: String?)
    /// A computed property or a function: its parameters (none for a property) and its body.
    case function(parameters: [Parameter], body: CodeBlockItemListSyntax, type: String?)
    /// `var name = …`: it may be changed anywhere, so its value is not known.
    case variable
    /// `case name = rawValue` of an enum whose raw values are strings (`rawValue` nil: the case's name).
    case enumCase(rawValue: ExprSyntax?)
  }

  /// One declaration and where it is: the file, and the type whose member it is (`Target` for a member
  /// of `extension Target`), for the names its value uses unqualified.
  package struct Entry {
    package var declaration: Declaration
    package var file: SourceText
    package var enclosingType: String?
  }

  /// By `name` (top level) or `Type.name` (a static member); functions may be overloaded.
  package private(set) var entries: [String: [Entry]] = [:]
  /// The types the files declare (structs, classes, enums), by qualified name.
  package private(set) var types: Set<String> = []
  /// The manifest, the first file added: its top-level names shadow the helpers' (a module it imports).
  package private(set) var manifest: SourceText?

  package init() {}

  /// Adds the declarations of one parsed file.
  package mutating func add(_ tree: SourceFileSyntax, file: SourceText) {
    if manifest == nil { manifest = file }
    for statement in tree.statements {
      guard case .decl(let decl) = statement.item else { continue }
      add(decl, file: file, type: nil)
    }
  }

  package func entries(named name: String) -> [Entry] { entries[name] ?? [] }

  /// The declaration a name means: the manifest's own where it declares one, else the helpers' one.
  package func entry(named name: String) -> Entry? {
    let all = entries(named: name)
    let own = all.filter { $0.file === manifest }
    if own.count == 1 { return own[0] }
    return all.count == 1 ? all[0] : nil
  }

  /// ProjectDescription is imported by name: `ProjectDescription.Target` is `Target`.
  package static func typeName(_ type: TypeSyntax) -> String {
    let text = type.trimmedDescription
    return text.hasPrefix("ProjectDescription.") ? String(text.dropFirst("ProjectDescription.".count)) : text
  }

  private mutating func add(_ decl: DeclSyntax, file: SourceText, type: String?) {
    func qualified(_ name: String) -> String { type.map { $0 + "." + name } ?? name }
    if let variable = decl.as(VariableDeclSyntax.self) {
      // Inside a type, only static members are reachable without an instance.
      guard type == nil || Self.isStatic(variable.modifiers) else { return }
      let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
        let annotation = binding.typeAnnotation.map { Self.typeName($0.type) }
        let declaration: Declaration
        if let accessors = binding.accessorBlock {
          guard case .getter(let body) = accessors.accessors else {
            declaration = .variable
            append(qualified(name), Entry(declaration: declaration, file: file, enclosingType: type))
            continue
          }
          declaration = .function(parameters: [], body: body, type: annotation)
        } else if isLet, let value = binding.initializer?.value {
          declaration = .constant(value, type: annotation)
        } else {
          declaration = .variable
        }
        append(qualified(name), Entry(declaration: declaration, file: file, enclosingType: type))
      }
    } else if let function = decl.as(FunctionDeclSyntax.self) {
      guard type == nil || Self.isStatic(function.modifiers), let body = function.body else { return }
      let parameters = function.signature.parameterClause.parameters.map { parameter in
        let label = parameter.firstName.text
        return Parameter(
          label: label == "_" ? nil : label, name: (parameter.secondName ?? parameter.firstName).text,
          defaultValue: parameter.defaultValue?.value, isVariadic: parameter.ellipsis != nil)
      }
      let returnType = function.signature.returnClause.map { Self.typeName($0.type) }
      append(
        qualified(function.name.text),
        Entry(
          declaration: .function(parameters: parameters, body: body.statements, type: returnType), file: file,
          enclosingType: type))
    } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
      addMembers(extensionDecl.memberBlock, file: file, type: Self.typeName(extensionDecl.extendedType))
    } else if let structDecl = decl.as(StructDeclSyntax.self) {
      let name = qualified(structDecl.name.text)
      types.insert(name)
      addMembers(structDecl.memberBlock, file: file, type: name)
    } else if let classDecl = decl.as(ClassDeclSyntax.self) {
      let name = qualified(classDecl.name.text)
      types.insert(name)
      addMembers(classDecl.memberBlock, file: file, type: name)
    } else if let enumDecl = decl.as(EnumDeclSyntax.self) {
      let name = qualified(enumDecl.name.text)
      types.insert(name)
      let isString =
        enumDecl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } ?? false
      for member in enumDecl.memberBlock.members {
        guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in cases.elements where element.parameterClause == nil {
          let rawValue = element.rawValue?.value
          guard rawValue != nil || isString else { continue }
          append(
            name + "." + element.name.text,
            Entry(declaration: .enumCase(rawValue: rawValue), file: file, enclosingType: name))
        }
      }
      addMembers(enumDecl.memberBlock, file: file, type: name)
    }
  }

  private mutating func addMembers(_ block: MemberBlockSyntax, file: SourceText, type: String) {
    for member in block.members {
      add(member.decl, file: file, type: type)
    }
  }

  private mutating func append(_ key: String, _ entry: Entry) {
    entries[key, default: []].append(entry)
  }

  private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }
}
