import { HStack, Image, Spacer, Text, VStack } from '@expo/ui/swift-ui';
import { font, foregroundStyle, padding } from '@expo/ui/swift-ui/modifiers';
import { createWidget, type WidgetBase } from 'expo-widgets';

type TrailProps = {
  trail: string;
  temperature: number;
  summary: string;
};

const TrailConditions = (props: WidgetBase<TrailProps>) => {
  'widget';
  const label = `${Math.round(props.temperature)}°`;
  return (
    <VStack alignment="leading" modifiers={[padding({ all: 12 })]}>
      <HStack>
        <Image systemName="mountain.2.fill" />
        <Text modifiers={[font({ weight: 'semibold', size: 13 })]}>{props.trail}</Text>
      </HStack>
      <Spacer />
      <Text modifiers={[font({ weight: 'bold', size: 34 })]}>{label}</Text>
      <Text modifiers={[foregroundStyle('#8E8E93')]}>{props.summary}</Text>
    </VStack>
  );
};

export default createWidget('TrailConditions', TrailConditions);
