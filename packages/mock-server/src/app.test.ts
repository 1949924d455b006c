import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';

describe('the mock server', () => {
  it('says it is ready', async () => {
    const res = await request(createApp()).get('/__mock/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});
