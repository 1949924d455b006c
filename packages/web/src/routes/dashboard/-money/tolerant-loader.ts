import { isApiError } from '@ebank/contract/errors';

/**
 * A page's data load in which a call that got no reply at all is no error: the page then shows an empty
 * result and no message (the add-funds screens). The bank's refusals still reach the route's error
 * handling (an ended session goes to login).
 */
export async function emptyWithoutReply(load: Promise<unknown>): Promise<void> {
  try {
    await load;
  } catch (error) {
    if (!(isApiError(error) && error.isEmptyResult)) throw error;
  }
}
