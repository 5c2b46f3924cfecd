import { buildAndServe, launchChromium } from './scripts/bench/appServer';
const app = await buildAndServe();
const browser = await launchChromium();
const OBS = `
window.__log = [];
new MutationObserver((muts) => { for (const m of muts) for (const n of m.addedNodes) if (n.nodeType===1) window.__log.push([Math.round(performance.now()), 'add', n.tagName + '.' + (n.className||'') + ' ' + (n.textContent||'').slice(0,30)]); }).observe(document, { subtree: true, childList: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([Math.round(e.startTime), e.entryType, e.name || (e.element && e.element.tagName) || '', Math.round(e.duration||0)]); }).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([Math.round(e.startTime), e.entryType, e.name]); }).observe({ type: 'paint', buffered: true });
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__log.push([Math.round(e.startTime), 'longtask', '', Math.round(e.duration)]); }).observe({ type: 'long-animation-frame', buffered: true }); } catch {}
`;
for (let i = 0; i < 2; i++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36' });
  await ctx.addInitScript(OBS);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: 188743, uploadThroughput: 86400 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(app.url + '/login');
  await page.getByText("Let's start!").waitFor();
  await page.waitForTimeout(1000);
  const log = await page.evaluate(() => (window as any).__log);
  const res = await page.evaluate(() => performance.getEntriesByType('resource').map((e: any) => [Math.round(e.startTime), Math.round(e.responseEnd), e.name.split('/').pop()]));
  console.log(res.map((r: any) => r.join(' ')).join('\n'));
  console.log(log.filter((l: any) => !/^(META|TITLE|LINK|SCRIPT)/.test(l[2])).map((l: any) => l.join(' ')).join('\n'));
  await ctx.close();
}
await browser.close(); await app.close();
