import { describe, it, expect } from 'vitest'
import { escapeHtml, hourlySvg, pointsSvg, renderSharePage } from '../../src/views/share-page'
import type { SharedProjectView } from '../../src/services/share-view'
import { FACTOR_KEYS, hourlyChart } from '../../src/scoring'
import { hourlyOf, mixOf } from '../../src/scoring/hourly'

const factors = Object.fromEntries(
  FACTOR_KEYS.map((k, i) => [k, { label: `<i>${k}</i>`, score: i * 10, weight: 1 / 7 }]),
) as SharedProjectView['locations'][number]['factors']
const view = (over: Partial<SharedProjectView> = {}): SharedProjectView => ({
  project: {
    name: '"><script>alert(1)</script>',
    description: "O'Brien & Sons",
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
  },
  locations: [
    {
      address: '<img src=x onerror=alert(1)>',
      lat: 43.65,
      lng: -79.38,
      score: 88.25,
      grade: 'A',
      factors,
      percentiles: null,
      hourly: null,
    },
    { address: '45.50000, -73.56000', lat: 45.5, lng: -73.56, score: 40, grade: 'F', factors, percentiles: null, hourly: null },
  ],
  dataSources: { geo: { name: 'GeoNames <x>', licence: 'CC BY 4.0', url: 'https://www.geonames.org/', vintage: '2024' } },
  expiresAt: '2026-12-23T00:00:00.000Z',
  ...over,
})

describe('share page rendering', () => {
  it('escapes every user-provided string (name, description, address, labels, sources)', () => {
    const html = renderSharePage(view())
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<i>')
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('O&#39;Brien &amp; Sons')
    expect(html).toContain('GeoNames &lt;x&gt;')
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;')
  })

  it('has noindex, one row per location with score and grade, 7 factor bars each, and an SVG point per location', () => {
    const html = renderSharePage(view())
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).toContain('88.3')
    expect(html.match(/<tr>/g)).toHaveLength(3) // header + 2
    expect(html.match(/class="bar"/g)).toHaveLength(14)
    expect(html).toContain('style="width:60.0%"')
    expect(html.match(/<circle /g)).toHaveLength(2)
    expect(html).toContain('Data: GeoNames')
  })

  it('says where each score stands in words (percentiles); a location saved before percentiles shows none', () => {
    const [first, second] = view().locations
    const html = renderSharePage(
      view({
        locations: [
          { ...first, percentiles: { cma: 92, national: 88, cmaName: 'Ottawa - Gatineau' } },
          { ...second, percentiles: { cma: null, national: 41, cmaName: null } },
        ],
      }),
    )
    expect(html).toContain('Better than 92 % of Ottawa–Gatineau street frontage (88 % across the covered metro areas)')
    expect(html).toContain('Better than 41 % of the street frontage of the covered metro areas')
    expect(renderSharePage(view())).not.toContain('Better than')
  })

  it('draws the weekday hourly profile of each location as an accessible inline SVG: 24 bars per series, peak hours in its name', () => {
    const hourly = hourlyOf(18_000, 4_000, mixOf([{ roadClass: 4, dailyVehicles: 18_000 }], 4, 0.6))
    const [first, second] = view().locations
    const html = renderSharePage(view({ locations: [{ ...first, hourly }, second] }))
    const svgs = html.match(/<svg [^>]*class="hourly"[\s\S]*?<\/svg>/g) ?? []
    expect(svgs).toHaveLength(1) // the second location was saved before 4.1: no chart
    const svg = svgs[0]!
    const chart = hourlyChart(hourly)
    expect(svg).toMatch(/^<svg [^>]*role="img"/)
    const name = `Weekday audience by hour (% of the day). ${chart.peakWords} ${chart.weekendWords}`
    expect(svg).toContain(`aria-label="${escapeHtml(name)}"`)
    expect(svg).toContain(`<title>${escapeHtml(name)}</title>`)
    expect(chart.peakWords).toMatch(/vehicles peak at \d\d:00–\d\d:00/)
    for (const key of ['vehicles', 'pedestrians']) {
      const group = new RegExp(`<g class="hourly-${key}"[^>]*>([\\s\\S]*?)</g>`).exec(svg)![1]
      expect(group.match(/<rect /g)).toHaveLength(24)
    }
    // The tallest bar reaches the axis top; bars are in the plot.
    const heights = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="([\d.]+)">/g)].map((m) => Number(m[1]))
    expect(heights).toHaveLength(48)
    expect(Math.max(...heights)).toBeLessThanOrEqual(78)
    for (const label of ['0 h', '6 h', '12 h', '18 h', '24 h']) expect(svg).toContain(`>${label}</text>`)
    // Self-contained: no external references, no scripts (the page's CSP allows none).
    expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/href|https?:|<script|<image/)
  })

  it('the hourly chart of a profile with no pedestrians says so and draws flat bars', () => {
    const svg = hourlySvg({ vehicles: Array.from({ length: 24 }, (_, h) => (h === 8 ? 900 : 100)), pedestrians: Array(24).fill(0) })
    expect(svg).toContain('no pedestrians modelled')
    expect(svg).toContain('vehicles peak at 08:00–09:00')
  })

  it('an empty project renders without a plot', () => {
    const html = renderSharePage(view({ locations: [], dataSources: {} }))
    expect(html).toContain('no locations yet')
    expect(html).not.toContain('<svg')
  })

  it('plots points inside the box, north up', () => {
    const svg = pointsSvg(
      [
        { lat: 43.65, lng: -79.38, grade: 'A' },
        { lat: 49.28, lng: -123.12, grade: 'B' },
      ],
      400,
      200,
    )
    const circles = [...svg.matchAll(/cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])])
    for (const [x, y] of circles) {
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThanOrEqual(400)
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y).toBeLessThanOrEqual(200)
    }
    // Drawn in reverse order: the last circle is Toronto (east, south of Vancouver).
    const [vancouver, toronto] = circles
    expect(toronto[0]).toBeGreaterThan(vancouver[0])
    expect(toronto[1]).toBeGreaterThan(vancouver[1])
  })
})
