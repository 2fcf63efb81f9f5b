import { IMPERSONATE_HEADER } from '@revlane/contracts';
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { isRecord } from '@/common/lib/is-record';
import { toApiError } from './api-error';

/** What every request needs from the session; the auth feature supplies it. */
export interface ApiAuth {
  getAccessToken: () => Promise<string>;
  impersonatedUserId: string | null;
}

/** A service client whose calls resolve to the body's `data` (docs/architecture.md §7 envelope). */
export interface ApiClient {
  readonly http: AxiosInstance;
  /** The user a support session acts as (sent as `Impersonate-User`), else null. */
  readonly impersonatedUserId: string | null;
  /**
   * The headers every call of this client carries (bearer token, `Impersonate-User`), for
   * requests another library sends itself: the resumable uploads' tus client.
   */
  authHeaders(): Promise<Record<string, string>>;
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  patch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
}

async function unwrap<T>(request: Promise<AxiosResponse<unknown>>): Promise<T> {
  const { data } = await request;
  // 204 and other empty answers have no envelope.
  return (isRecord(data) ? data.data : undefined) as T;
}

export function createApiClient(baseURL: string, auth: ApiAuth): ApiClient {
  // Timeout 0 (docs/product.md §9): exports and first data loads can legitimately take long.
  // Cookies go along (docs/product.md §6) for the services that also set them (uploads, exports).
  const http = axios.create({ baseURL, withCredentials: true, timeout: 0 });

  // Asked per request so the identity SDK can refresh an expiring token first.
  const authHeaders = async () => {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await auth.getAccessToken()}`,
    };
    if (auth.impersonatedUserId) headers[IMPERSONATE_HEADER] = auth.impersonatedUserId;
    return headers;
  };
  http.interceptors.request.use(async (config) => {
    for (const [name, value] of Object.entries(await authHeaders()))
      config.headers.set(name, value);
    return config;
  });
  // Also receives a failed token request, so callers only ever see ApiError.
  http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));

  return {
    http,
    impersonatedUserId: auth.impersonatedUserId,
    authHeaders,
    get: (url, config) => unwrap(http.get(url, config)),
    delete: (url, config) => unwrap(http.delete(url, config)),
    post: (url, body, config) => unwrap(http.post(url, body, config)),
    put: (url, body, config) => unwrap(http.put(url, body, config)),
    patch: (url, body, config) => unwrap(http.patch(url, body, config)),
  };
}
