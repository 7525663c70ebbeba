import { ExtensionStorage } from "@bacons/apple-targets";

// Through the "@/*" alias of tsconfig.json, as Expo's Metro resolves it.
import { CONTROL_KIND } from "@/src/constants";

/** Asks Control Center to reload the refresh control after the count changed (iOS 18). */
export function refreshControl(): void {
  ExtensionStorage.reloadControls(CONTROL_KIND);
}
