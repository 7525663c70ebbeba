import ProjectDescription

/// Values the manifests share.
public enum Harbor {
    /// The app's bundle identifier; its extensions' are under it.
    public static let bundleId = "com.example.harbor"
}
