import { Text, VStack } from '@expo/ui/swift-ui';
import { createWidget, type WidgetBase } from 'expo-widgets';

type SunsetProps = { minutesLeft: number };

async function SunsetCountdown(props: WidgetBase<SunsetProps>) {
  'widget';
  const sunset = await fetch('https://api.example.com/sunset');
  return (
    <VStack>
      <Text>{`${props.minutesLeft} min of daylight`}</Text>
    </VStack>
  );
}

export default createWidget('SunsetCountdown', SunsetCountdown);
