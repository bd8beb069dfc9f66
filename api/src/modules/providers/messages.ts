export const NO_SUCH_RECEIVER = 'No provider in use here sends this';
export const CALLBACK_NOT_PROVED = 'The sender did not prove itself';
export const CALLBACK_UNREADABLE = 'The body is not what the provider sends';
