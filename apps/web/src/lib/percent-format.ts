/** Fee percents as the proposal modal, the checkout and the application page show them; amounts are contracts' formatUsd. */

const numbers = new Intl.NumberFormat("en-US");

/** 10 -> "10%", 12.5 -> "12.5%". */
export const formatPercent = (percent: number): string => `${numbers.format(percent)}%`;
