import { ExtensionStorage } from "@bacons/apple-targets";

import { APP_GROUP, WIDGET_KIND } from "./constants";

const storage = new ExtensionStorage(APP_GROUP);

export type WidgetData = { title: string; count: number };

/** Saves what the widget shows and asks WidgetKit to reload it. */
export function updateWidget({ title, count }: WidgetData): void {
  storage.set("title", title);
  storage.set("count", count);
  ExtensionStorage.reloadWidget(WIDGET_KIND);
}

/** After a sign-out: the widget falls back to its placeholder until the next update. */
export function clearWidget(): void {
  storage.set("title", undefined);
  storage.set("count", undefined);
  ExtensionStorage.reloadWidget();
}
