import { ExtensionStorage } from "@bacons/apple-targets";
import { useState } from "react";
import { Button, StyleSheet, Text, TextInput, View } from "react-native";

import { clearWidget, updateWidget } from "./src/widget";

export default function App() {
  const [title, setTitle] = useState("Expo");
  const [count, setCount] = useState(0);

  const save = (next: number) => {
    setCount(next);
    updateWidget({ title, count: next });
  };

  return (
    <View style={styles.container}>
      <Text style={styles.label}>What the widget shows</Text>
      <TextInput style={styles.input} value={title} onChangeText={setTitle} onEndEditing={() => save(count)} />
      <Text style={styles.count}>{count}</Text>
      <View style={styles.row}>
        <Button title="−" onPress={() => save(Math.max(0, count - 1))} />
        <Button title="+" onPress={() => save(count + 1)} />
      </View>
      {count > 0 && <Button title="Reset the widget" onPress={() => (setCount(0), clearWidget())} />}
      <Button title="Refresh the widget" onPress={() => ExtensionStorage.reloadWidget("ExpoWigdet")} />
    </View>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, alignItems: "center", justifyContent: "center", gap: 12 },
  label: { fontSize: 15, color: "#666" },
  input: { minWidth: 200, borderWidth: 1, borderColor: "#ccc", borderRadius: 8, padding: 8 },
  count: { fontSize: 48, fontWeight: "700" },
  row: { flexDirection: "row", gap: 24 },
});
