export const formatTemp = (t: number) => `${Math.round(t)}°`;
