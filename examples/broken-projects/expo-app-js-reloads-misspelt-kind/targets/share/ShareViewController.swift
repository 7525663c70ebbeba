import UIKit
import UniformTypeIdentifiers

/// Saves a shared link into the App Group, where the app picks it up on its next launch.
/// @bacons/apple-targets copies the app's App Groups into this target, since its config lists none.
final class ShareViewController: UIViewController {
    private let defaults = UserDefaults(suiteName: "group.com.example.expowidgets")

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let item = extensionContext?.inputItems.first as? NSExtensionItem,
              let provider = item.attachments?.first(where: { $0.hasItemConformingToTypeIdentifier(UTType.url.identifier) })
        else {
            extensionContext?.completeRequest(returningItems: nil)
            return
        }
        provider.loadItem(forTypeIdentifier: UTType.url.identifier) { [weak self] value, _ in
            if let url = value as? URL {
                var links = self?.defaults?.stringArray(forKey: "sharedLinks") ?? []
                links.append(url.absoluteString)
                self?.defaults?.set(links, forKey: "sharedLinks")
            }
            DispatchQueue.main.async {
                self?.extensionContext?.completeRequest(returningItems: nil)
            }
        }
    }
}
