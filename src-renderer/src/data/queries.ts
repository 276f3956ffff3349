/** The window's one query cache, over the page's client. */
import { api } from '../api/client';
import { QueryCache } from './query-cache';

export const queries = new QueryCache(api);
