import { Voltra } from '@use-voltra/ios';

export type Spending = { left: number; currency: string };

export function SpendingWidget({ left, currency }: Spending) {
  return (
    <Voltra.VStack style={{ padding: 12 }}>
      <Voltra.Text style={{ fontSize: 13 }}>Left this month</Voltra.Text>
      <Voltra.Text style={{ fontSize: 28, fontWeight: 'bold' }}>{`${left} ${currency}`}</Voltra.Text>
    </Voltra.VStack>
  );
}
