import { SpendingWidget } from './SpendingWidget';

export default {
  systemSmall: <SpendingWidget left={0} currency="EUR" />,
  systemMedium: <SpendingWidget left={0} currency="EUR" />,
};
