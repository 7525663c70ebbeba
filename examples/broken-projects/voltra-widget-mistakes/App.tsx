import { updateWidget } from '@use-voltra/ios-client';
import { Button, View } from 'react-native';

import { SpendingWidget } from './widgets/SpendingWidget';

export default function App() {
  const publish = async (left: number) => {
    await updateWidget(
      'spendng',
      {
        systemSmall: <SpendingWidget left={left} currency="EUR" />,
        systemMedium: <SpendingWidget left={left} currency="EUR" />,
      },
      { deepLinkUrl: 'pocketbudget://budget' },
    );
  };

  return (
    <View>
      <Button title="Update widget" onPress={() => publish(420)} />
    </View>
  );
}
