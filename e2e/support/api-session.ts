import type { Page } from 'playwright-core';

/**
 * The API as the signed-in user of a page (the token the app stored), for the page objects that
 * seed and read data. A call answers the parsed body and throws with the status and the body on
 * any answer other than 2xx, so seeding fails at the call that went wrong.
 */
export class ApiSession {
  private constructor(
    private readonly page: Page,
    private readonly token: string,
  ) {}

  static async of(page: Page): Promise<ApiSession> {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    if (!token) throw new Error('not signed in');
    return new ApiSession(page, token);
  }

  get<T>(path: string) {
    return this.send<T>('GET', path);
  }

  post<T>(path: string, data: unknown) {
    return this.send<T>('POST', path, data);
  }

  put<T>(path: string, data: unknown) {
    return this.send<T>('PUT', path, data);
  }

  delete<T>(path: string) {
    return this.send<T>('DELETE', path);
  }

  private async send<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.page.request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${this.token}` }, data });
    if (!response.ok()) throw new Error(`${method} ${path} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }
}
