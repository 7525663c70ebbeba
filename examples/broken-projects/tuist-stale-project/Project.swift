import ProjectDescription
import ProjectDescriptionHelpers

/// The App Group the app writes the next tides into, and the widgets and the Live Activity read them from.
let appGroup = "group.com.example.harbor"

let project = Project(
    name: "Harbor",
    organizationName: "Example",
    settings: .settings(
        base: ["MARKETING_VERSION": "1.4.0", "CURRENT_PROJECT_VERSION": "12"],
        configurations: [
            .debug(name: .debug),
            .release(name: .release),
        ]
    ),
    targets: [
        .target(
            name: "Harbor",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: Harbor.bundleId,
            deploymentTargets: .iOS("17.0"),
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "NSSupportsLiveActivities": true,
            ]),
            sources: ["App/Sources/**", "Shared/**"],
            entitlements: .file(path: "App/Harbor.entitlements"),
            dependencies: [
                .target(name: "HarborWidgets"),
            ]
        ),
        .target(
            name: "HarborWidgets",
            destinations: [.iPhone, .iPad],
            product: .appExtension,
            bundleId: "\(Harbor.bundleId).widgets",
            deploymentTargets: .iOS("17.0"),
            infoPlist: .extendingDefault(with: [
                "CFBundleDisplayName": "Harbor",
                "NSExtension": [
                    "NSExtensionPointIdentifier": "com.apple.widgetkit-extension",
                ],
            ]),
            sources: [
                .glob("Widgets/Sources/**", excluding: ["Widgets/Sources/Previews/**"]),
                "Shared/**",
            ],
            entitlements: .dictionary([
                "com.apple.security.application-groups": [.string(appGroup)],
            ])
        ),
        .target(
            name: "HarborTests",
            destinations: [.iPhone],
            product: .unitTests,
            bundleId: "\(Harbor.bundleId).tests",
            sources: ["Tests/**"],
            dependencies: [.target(name: "Harbor")]
        ),
    ]
)
