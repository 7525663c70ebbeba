import { Text, VStack } from '@expo/ui/swift-ui';
import { createWidget, type WidgetBase } from 'expo-widgets';

type SunsetProps = { minutesLeft: number };

function SunsetCountdown(props: WidgetBase<SunsetProps>) {
  'widget';
  if (props.minutesLeft <= 0) {
    return <Text>After sunset</Text>;
  }
  return (
    <VStack>
      <Text>{`${props.minutesLeft} min of daylight`}</Text>
    </VStack>
  );
}

export default createWidget('Sunset', SunsetCountdown);
