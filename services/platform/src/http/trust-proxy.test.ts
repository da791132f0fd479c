import Koa from 'koa';
import supertest from 'supertest';
import { trustProxy } from './trust-proxy';

const whoAsks = (hops: number) => {
  const app = trustProxy(new Koa(), hops);
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, secure: ctx.secure, host: ctx.host };
  });
  return supertest(app.callback());
};

describe('trustProxy', () => {
  it('believes no forwarded header when no proxy is trusted: the address is the socket’s', async () => {
    const { body } = await whoAsks(0)
      .get('/')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(body.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(body.secure).toBe(false);
    expect(body.host).not.toBe('evil.example');
  });

  it('behind one proxy takes the address that proxy appended, not one the client wrote before it', async () => {
    const { body } = await whoAsks(1)
      .get('/')
      .set('X-Forwarded-For', '198.51.100.1, 203.0.113.9')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(body.ip).toBe('203.0.113.9');
    expect(body.secure).toBe(true);
  });

  it('behind two proxies takes the address the outer one saw', async () => {
    const { body } = await whoAsks(2)
      .get('/')
      .set('X-Forwarded-For', '198.51.100.1, 203.0.113.9, 10.0.0.2')
      .expect(200);
    expect(body.ip).toBe('203.0.113.9');
  });
});
