import { optionalStrings } from './search-params';

/** The notice's heading and body, passed in the URL so a reload keeps them. */
export const noticeSearchSchema = optionalStrings('head', 'body');
