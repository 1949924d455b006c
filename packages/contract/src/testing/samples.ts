/** A payee the contract accepts, for tests that make transfers (add the amount). */
export const SAMPLE_PAYEE = {
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'US',
  act_no: '000999888777',
  act_hold_name: 'Jane Doe',
  note: 'rent',
} as const;
