// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import MapKit
import SwiftUI
import WidgetKit

@main
struct CookbookWidgetBundle: WidgetBundle {
    var body: some Widget {
        RecipeWidget()
        GroceryWidget()
    }
}

struct Recipe: Codable, Hashable {
    var title: String
    var photoURL: URL
    var videoURL: URL?
    var sourceURL: URL
    var steps: [String]
}

struct GroceryItem: Codable, Hashable, Identifiable {
    var id: String
    var name: String
    var quantity: String
}

/// The app's grocery list. (Not a SwiftUI List: the name is only a look-alike.)
struct GroceryList: Codable {
    var items: [GroceryItem] = []
    var notes = ""
    var storeLatitude = 48.8566
    var storeLongitude = 2.3522

    var storeRegion: MKCoordinateRegion {
        MKCoordinateRegion(center: CLLocationCoordinate2D(latitude: storeLatitude, longitude: storeLongitude),
                           span: MKCoordinateSpan(latitudeDelta: 0.01, longitudeDelta: 0.01))
    }
}

enum CookbookStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.cookbook")

    static var recipe: Recipe? { decode(Recipe.self, forKey: "recipeOfTheDay") }
    static var groceries: GroceryList { decode(GroceryList.self, forKey: "groceries") ?? GroceryList() }

    private static func decode<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = defaults?.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}
