import { Button, Text, View } from "react-native";
import { startActivity } from "react-native-widget-extension";

export default function App() {
  return (
    <View style={{ flex: 1, alignItems: "center", justifyContent: "center" }}>
      <Text>Trail Log</Text>
      <Button title="Start hike" onPress={() => startActivity("Ridge Loop", 0)} />
    </View>
  );
}
