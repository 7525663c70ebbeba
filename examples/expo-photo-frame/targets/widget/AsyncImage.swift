import SwiftUI

/// The widget's own image view, named like SwiftUI's: it never loads anything. The app downloads the
/// photo into the App Group's folder; this view draws the file that is already there, or a placeholder.
/// In this target, `AsyncImage` means this type, not SwiftUI's (which never loads in a widget).
struct AsyncImage: View {
    let url: URL

    var body: some View {
        if let image = UIImage(contentsOfFile: url.path) {
            Image(uiImage: image)
                .resizable()
                .scaledToFill()
        } else {
            Image(systemName: "photo")
                .foregroundStyle(.secondary)
        }
    }
}
