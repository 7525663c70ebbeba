// The process-start floor: Foundation is linked and loaded, and nothing else happens.
import Foundation

// Touch Foundation once so the linker cannot drop it; prints nothing.
if ProcessInfo.processInfo.arguments.count > 99 { print(Date()) }
