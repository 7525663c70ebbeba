import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintEngine
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintReports
@testable import WidgetLintRules

/// The calls an Expo app's JavaScript makes to write its widgets' data and reload them, as the scanner
/// reads them from one file: where each group or kind is written, and which stay unknown.
@Suite struct JavaScriptAppCallScannerTests {
  static func scan(_ text: String, path: String = "src/widget.ts") -> JavaScriptAppCallScanner.FileFacts? {
    JavaScriptAppCallScanner.scan(SourceText(path: path, text: text))
  }

  static func position(_ span: SourceSpan) -> String {
    let start = span.file.position(atOffset: span.start)
    return "\(start.line):\(start.column)"
  }

  /// "callee value@line:column" for each call; "absent", "unknown", or "module#name@line:column" of the
  /// name in the call for an import.
  static func summary(_ facts: JavaScriptAppCallScanner.FileFacts?) -> [String] {
    (facts?.calls ?? []).map { call in
      switch call.argument {
      case .absent: return "\(call.callee) absent"
      case .unknown: return "\(call.callee) unknown"
      case .literal(let name): return "\(call.callee) \(name.value)@\(position(name.span))"
      case .imported(let module, let name, let span): return "\(call.callee) \(module)#\(name)@\(position(span))"
      }
    }
  }

  @Test func literalGroupsAndKinds() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";

      const storage = new ExtensionStorage("group.com.example.notes");

      export function saved(count: number) {
        storage.set("count", count);
        ExtensionStorage.reloadWidget("NotesWidget");
        ExtensionStorage.reloadControls('NotesControl');
        ExtensionStorage.reloadWidget();
      }
      """)
    #expect(
      Self.summary(facts) == [
        "new ExtensionStorage group.com.example.notes@3:38",
        "ExtensionStorage.reloadWidget NotesWidget@7:33",
        "ExtensionStorage.reloadControls NotesControl@8:35",
        "ExtensionStorage.reloadWidget absent",
      ])
    #expect(
      facts?.calls.map(\.effect) == [.opensAppGroup, .reloadsWidgetKind, .reloadsControlKind, .reloadsWidgetKind])
    #expect(facts.map { Self.position($0.calls[0].span) } == "3:17")
  }

  @Test func moduleConstantsAndTheirTypes() {
    let facts = Self.scan(
      """
      import { ExtensionStorage as Storage } from '@bacons/apple-targets';

      export const APP_GROUP: string = `group.com.example.notes`;
      const KIND = "NotesWidget" as const;

      const storage = new Storage(APP_GROUP);
      Storage.reloadWidget(KIND);
      """)
    #expect(
      Self.summary(facts) == [
        "new ExtensionStorage group.com.example.notes@3:34",
        "ExtensionStorage.reloadWidget NotesWidget@4:14",
      ])
    if case .literal(let value)? = facts?.exports["APP_GROUP"] {
      #expect(value.value == "group.com.example.notes")
    } else {
      Issue.record("APP_GROUP is not exported as a literal")
    }
  }

  @Test func namedImportsOfRelativeModules() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      import { APP_GROUP, WIDGET as KIND } from "./constants";
      import { SHARED } from "@/constants";

      new ExtensionStorage(APP_GROUP);
      ExtensionStorage.reloadWidget(KIND);
      new ExtensionStorage(SHARED);
      """)
    #expect(
      Self.summary(facts) == [
        "new ExtensionStorage ./constants#APP_GROUP@5:22",
        "ExtensionStorage.reloadWidget ./constants#WIDGET@6:31",
        // An alias path (tsconfig's `paths`): the caller resolves it, where the app's tsconfig is known.
        "new ExtensionStorage @/constants#SHARED@7:22",
      ])
  }

  @Test func exportsOfAConstantsModule() {
    let facts = Self.scan(
      """
      const GROUP = "group.com.example.notes";
      import { KIND } from "./kinds";
      export { GROUP as APP_GROUP, KIND };
      export { OTHER } from "../shared";
      export * from "./more";
      export let CHANGING = "x";
      """)
    var exports: [String] = []
    for (name, export) in (facts?.exports ?? [:]).sorted(by: { $0.key < $1.key }) {
      switch export {
      case .literal(let value): exports.append("\(name)=\(value.value)@\(Self.position(value.span))")
      case .reexport(let module, let original): exports.append("\(name)=\(module)#\(original)")
      }
    }
    #expect(exports == ["APP_GROUP=group.com.example.notes@1:15", "KIND=./kinds#KIND", "OTHER=../shared#OTHER"])
    #expect(facts?.starExports == ["./more"])
  }

  /// `require` where the app loads the plugin only when it can (a build without the native module).
  @Test func lazyRequires() {
    let facts = Self.scan(
      """
      let ExtensionStorage: any = null;
      try {
        ExtensionStorage = require("@bacons/apple-targets").ExtensionStorage;
      } catch {}

      export function update() {
        const { ExtensionStorage: Storage } = require("@bacons/apple-targets");
        new Storage("group.com.example.a");
        ExtensionStorage?.reloadWidget("A");
        require("@bacons/apple-targets").ExtensionStorage.reloadWidget("B");
      }

      export async function later() {
        const Targets = await import("@bacons/apple-targets");
        Targets.ExtensionStorage.reloadWidget("C");
      }
      """)
    #expect(
      Self.summary(facts) == [
        "new ExtensionStorage group.com.example.a@8:15",
        "ExtensionStorage.reloadWidget A@9:34",
        "ExtensionStorage.reloadWidget B@10:66",
        "ExtensionStorage.reloadWidget C@15:41",
      ])
  }

  @Test func sharedGroupPreferences() {
    let facts = Self.scan(
      """
      import SharedGroupPreferences from 'react-native-shared-group-preferences';
      const appGroupIdentifier = "group.com.example.tasks";

      export async function save(tasks) {
        await SharedGroupPreferences.setItem("tasks", tasks, appGroupIdentifier);
        return SharedGroupPreferences.getItem("tasks", 'group.com.example.other');
      }
      """, path: "src/widget.js")
    #expect(
      Self.summary(facts) == [
        "SharedGroupPreferences.setItem group.com.example.tasks@2:28",
        "SharedGroupPreferences.getItem group.com.example.other@6:50",
      ])
  }

  @Test func computedArgumentsAreUnknown() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      import Constants from "expo-constants";

      const suffix = "notes";
      let mutable = "group.com.example.a";
      mutable = "group.com.example.b";
      export function update(group: string, kinds: string[]) {
        new ExtensionStorage(`group.com.example.${suffix}`);
        new ExtensionStorage(group);
        new ExtensionStorage(process.env.EXPO_PUBLIC_GROUP);
        new ExtensionStorage(Constants.expoConfig.ios.entitlements["com.apple.security.application-groups"][0]);
        new ExtensionStorage(mutable);
        new ExtensionStorage("group." + suffix);
        ExtensionStorage.reloadWidget(kinds[0]);
        ExtensionStorage.reloadWidget(...kinds);
        ExtensionStorage.reloadWidget(undefined);
      }
      """)
    #expect(
      Self.summary(facts) == [
        "new ExtensionStorage unknown", "new ExtensionStorage unknown", "new ExtensionStorage unknown",
        "new ExtensionStorage unknown", "new ExtensionStorage unknown", "new ExtensionStorage unknown",
        "ExtensionStorage.reloadWidget unknown", "ExtensionStorage.reloadWidget unknown",
        "ExtensionStorage.reloadWidget absent",
      ])
  }

  /// A parameter or a local constant of the same name shadows the module's constant: which one a call
  /// uses is not worked out, so it is unknown.
  @Test func aNameBoundTwiceIsUnknown() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      const GROUP = "group.com.example.a";
      const KIND = "A";
      function open(GROUP) { return new ExtensionStorage(GROUP); }
      const reload = () => { const KIND = "B"; ExtensionStorage.reloadWidget(KIND); };
      """)
    #expect(Self.summary(facts) == ["new ExtensionStorage unknown", "ExtensionStorage.reloadWidget unknown"])
  }

  @Test func commentsStringsAndOtherClassesNeverMatch() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      import { SharedGroupPreferences } from "./my-preferences";
      // ExtensionStorage.reloadWidget("InAComment");
      /* new ExtensionStorage("group.in.a.comment") */
      const help = "call ExtensionStorage.reloadWidget('InAString')";
      const template = `ExtensionStorage.reloadWidget("InATemplate")`;
      const other = { ExtensionStorage: { reloadWidget(kind) {} } };
      other.ExtensionStorage.reloadWidget("AMember");
      SharedGroupPreferences.setItem("k", 1, "group.not.the.package");
      """)
    #expect(Self.summary(facts) == [])
  }

  @Test func aClassOfTheSameNameFromElsewhereIsNotTheAPI() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "./storage";
      ExtensionStorage.reloadWidget("Mine");
      new ExtensionStorage("group.mine");
      """)
    #expect(Self.summary(facts) == [])
  }

  /// JSX in `.tsx` and `.js` files: the code of its `{…}` is read, its text and attributes never.
  @Test func callsInJSX() {
    let app = """
      import { ExtensionStorage } from "@bacons/apple-targets";
      import { Text, View } from "react-native";

      const storage = new ExtensionStorage("group.com.example.counter");

      export default function App() {
        const [index, setIndex] = React.useState(0);
        return (
          <View style={{ flex: 1 }}>
            <Text>Don't call ExtensionStorage.reloadWidget("InText") // here</Text>
            <Text title="ExtensionStorage.reloadWidget('InAnAttribute')"
              onPress={() => {
                storage.set("index", index + 1);
                ExtensionStorage.reloadWidget("CounterWidget");
              }}>
              Index: {index} {index > 1 ? <Text>many</Text> : null}
            </Text>
            <>{/* ExtensionStorage.reloadWidget("InAComment") */}</>
          </View>
        );
      }
      """
    for path in ["App.tsx", "App.js", "App.jsx"] {
      #expect(
        Self.summary(Self.scan(app, path: path)) == [
          "new ExtensionStorage group.com.example.counter@4:38", "ExtensionStorage.reloadWidget CounterWidget@14:41",
        ], "\(path)")
    }
  }

  /// A `.ts` file has no JSX: `<string>value` is a type assertion there.
  @Test func typeAssertionsInTypeScript() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      const group = <string>"group.com.example.a";
      const generic = <T,>(value: T) => value;
      ExtensionStorage.reloadWidget("A");
      """)
    #expect(Self.summary(facts) == ["ExtensionStorage.reloadWidget A@4:31"])
  }

  /// A generic arrow in a `.tsx` file is no element; the rest of the file is read all the same.
  @Test func genericArrowsInTSX() {
    let facts = Self.scan(
      """
      import { ExtensionStorage } from "@bacons/apple-targets";
      const identity = <T,>(value: T) => value;
      export const Row = () => <Text>{identity("x")}</Text>;
      ExtensionStorage.reloadWidget("A");
      """, path: "Row.tsx")
    #expect(Self.summary(facts) == ["ExtensionStorage.reloadWidget A@4:31"])
  }

  @Test func typeOnlyImportsBindNoValue() {
    let facts = Self.scan(
      """
      import type { ExtensionStorage } from "@bacons/apple-targets";
      import { type APP_GROUP } from "./constants";
      declare const storage: ExtensionStorage;
      ExtensionStorage.reloadWidget("A");
      """)
    #expect(Self.summary(facts) == [])
  }

  @Test func aFileThatIsNotJavaScriptIsNotRead() {
    #expect(Self.scan("ExtensionStorage.reloadWidget(\"A\n") == nil)
  }

  /// Deep nesting, unclosed brackets and elements, long assignment chains, many calls: each read with
  /// a bounded number of steps per token, and without recursion past the reader's depth limit.
  @Test func hostileInputsTakeAFewStepsPerToken() throws {
    let depth = 5_000
    let inputs: [(String, String)] = [
      (String(repeating: "(", count: depth), "a.js"),
      (String(repeating: "[", count: depth) + String(repeating: "]", count: depth), "a.js"),
      ("const " + String(repeating: "{a:", count: depth), "a.js"),
      ("const " + String(repeating: "{a:{", count: depth) + String(repeating: "}}", count: depth) + " = b", "a.js"),
      ("function f(" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ") {}", "a.js"),
      (String(repeating: "a = ", count: depth) + "1", "a.js"),
      ("let " + String(repeating: "a = ", count: depth) + "1", "a.js"),
      (String(repeating: "const a = b,", count: depth), "a.js"),
      ("import {" + String(repeating: "a as b,", count: depth) + "} from './c'", "a.js"),
      (String(repeating: "x = <a>", count: depth), "a.jsx"),
      (String(repeating: "(<a>{", count: depth), "a.jsx"),
      (
        "import { ExtensionStorage } from '@bacons/apple-targets';\n"
          + String(repeating: "ExtensionStorage.reloadWidget(", count: depth), "a.js"
      ),
      (
        "import { ExtensionStorage } from '@bacons/apple-targets';\n"
          + String(repeating: "ExtensionStorage.reloadWidget(a, ", count: depth)
          + String(repeating: ")", count: depth), "a.js"
      ),
    ]
    for (text, path) in inputs {
      let (_, work, tokens) = JavaScriptAppCallScanner.scanCountingWork(SourceText(path: path, text: text))
      #expect(work <= 8 * max(tokens, 1), "\(text.prefix(20))…: \(work) steps for \(tokens) tokens")
    }
  }
}
