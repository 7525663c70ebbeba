import Foundation

/// Snapshots the app writes into the shared App Group after every sync.
struct Trip: Codable {
    var destination: String
    var departure: Date
    var returnDate: Date
}

struct Flight: Codable {
    var number: String
    var gate: String?
    var boarding: Date
    var delayMinutes: Int
}

struct Stop: Codable, Hashable {
    var time: Date
    var title: String
}

struct PackingItem: Codable, Hashable {
    var name: String
    var packed: Bool
}

struct ExchangeRate: Codable {
    var from: String
    var to: String
    var rate: Double
}

enum TripStore {
    private static let defaults = UserDefaults(suiteName: "group.com.example.voyage")

    private static func decode<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = defaults?.data(forKey: key) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(type, from: data)
    }

    static var nextTrip: Trip? { decode(Trip.self, forKey: "nextTrip") }
    static var flights: [Flight] { decode([Flight].self, forKey: "flights") ?? [] }
    static var todaysStops: [Stop] { decode([Stop].self, forKey: "todaysStops") ?? [] }
    static var packingList: [PackingItem] { decode([PackingItem].self, forKey: "packingList") ?? [] }
    static var exchangeRate: ExchangeRate? { decode(ExchangeRate.self, forKey: "exchangeRate") }

    static func flight(number: String?) -> Flight? {
        guard let number else { return flights.first }
        return flights.first { $0.number == number }
    }
}
