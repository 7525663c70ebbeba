import { useEffect, useState } from 'react';
import { Button, Text, View } from 'react-native';

import SunsetCountdown from './widgets/SunsetCountdown';
import TrailConditions from './widgets/TrailConditions';

async function fetchConditions(trail: string) {
  const response = await fetch(`https://api.example.com/trails/${encodeURIComponent(trail)}`);
  return (await response.json()) as { temperature: number; summary: string; minutesToSunset: number };
}

export default function App() {
  const [trail] = useState('Mount Tam');
  const [summary, setSummary] = useState('');

  const refresh = async () => {
    const conditions = await fetchConditions(trail);
    setSummary(conditions.summary);
    TrailConditions.updateSnapshot({ trail, temperature: conditions.temperature, summary: conditions.summary });
    SunsetCountdown.updateSnapshot({ minutesLeft: conditions.minutesToSunset });
  };

  useEffect(() => {
    refresh();
  }, []);

  return (
    <View>
      <Text>{trail}</Text>
      <Text>{summary}</Text>
      <Button title="Refresh widgets" onPress={refresh} />
    </View>
  );
}
