import { ExpoWidgetsModule } from "@bittingz/expo-widgets";
import { Button, Platform, Text, View } from "react-native";

export default function App() {
  const save = () => {
    if (Platform.OS === "ios") {
      ExpoWidgetsModule.setWidgetData(JSON.stringify({ steps: 6400, goal: 10000 }));
    }
  };
  return (
    <View style={{ flex: 1, alignItems: "center", justifyContent: "center" }}>
      <Text>Step Goal</Text>
      <Button title="Update widget" onPress={save} />
    </View>
  );
}
