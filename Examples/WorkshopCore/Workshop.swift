import TetherReactive
import TetherUI

/// A workshop everyone signs up for: one value shared by every session of the server. Its
/// relays are bound into each person's screen, so a sign-up in one session shows in all.
@MainActor
public final class Workshop {
    /// The workshop's name.
    public let title: String
    /// How many places it has.
    public let capacity: Int
    /// Who signed up, in order.
    public let attendees = BehaviorRelay<[String]>(value: [])

    /// A workshop of `capacity` places.
    public init(title: String, capacity: Int) {
        self.title = title
        self.capacity = capacity
    }

    /// Places still free.
    public var placesLeft: Int { max(0, capacity - attendees.value.count) }

    /// "3 of 12 places left", "Full: 12 of 12 places taken".
    public static func describePlaces(left: Int, of capacity: Int) -> String {
        left == 0 ? "Full: all \(capacity) places taken" : "\(left) of \(capacity) places left"
    }

    /// Signs `name` up.
    ///
    /// - Throws: ``Refusal`` when the workshop is full or `name` already signed up.
    public func signUp(_ name: String) throws(Refusal) {
        let name = name.trimmingSpaces()
        guard placesLeft > 0 else {
            throw Refusal(reason: .full, message: "The workshop is full: all \(capacity) places were taken meanwhile.")
        }
        guard !attendees.value.contains(where: { $0.lowercased() == name.lowercased() }) else {
            throw Refusal(
                reason: .alreadySignedUp, message: "\(name) has already signed up: sign up with your own name.")
        }
        attendees.accept(attendees.value + [name])
    }

    /// Why a sign-up was refused, in words for the person.
    public struct Refusal: Error, CustomStringConvertible {
        /// What was refused.
        public enum Reason: Sendable { case full, alreadySignedUp }
        public let reason: Reason
        public let message: String
        public var description: String { message }
    }
}

extension String {
    /// This text without spaces at either end.
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
