// A map compiled for adjudication: provinces and locations (a province, or one coast of it)
// numbered densely so the resolver works on arrays and adjacency matrices, not strings.
import { MapSchema, type MapData, type ProvinceData, type ProvinceType } from './schema.ts';

export interface Province {
  index: number;
  id: string;
  name: string;
  type: ProvinceType;
  supplyCenter: boolean;
  homeOf: string | null;
  /** Coast codes of a multi-coast province ('nc', 'sc', ...); empty otherwise. */
  coasts: string[];
  aliases: string[];
  ocean: boolean;
  island?: string;
  data: ProvinceData;
}

export interface Location {
  index: number;
  /** 'spa' or 'spa/nc' */
  id: string;
  province: number;
  coast: string | null;
}

export class DipMap {
  readonly data: MapData;
  readonly provinces: Province[] = [];
  readonly locations: Location[] = [];
  readonly powers: string[];
  private provinceById = new Map<string, Province>();
  private locationById = new Map<string, Location>();
  /** armyAdj[p*P + q] = 1 when an army may move p -> q. */
  readonly armyAdj: Uint8Array;
  /** fleetAdj[a*L + b] = 1 when a fleet may move from location a to location b. */
  readonly fleetAdj: Uint8Array;
  /** Neighbouring provinces by army / fleet, per province and per location. */
  readonly armyNeighbours: number[][];
  readonly fleetNeighbours: number[][];
  /** Locations (the coasts, or the province itself) of each province. */
  readonly locationsOf: number[][];

  constructor(raw: unknown) {
    const data = MapSchema.parse(raw);
    this.data = data;
    this.powers = data.powers;
    for (const pd of data.provinces) {
      if (this.provinceById.has(pd.id)) throw new Error(`map: province ${pd.id} is listed twice`);
      const p: Province = {
        index: this.provinces.length,
        id: pd.id,
        name: pd.name,
        type: pd.type,
        supplyCenter: pd.supply_center,
        homeOf: pd.home_of,
        coasts: pd.coasts ?? [],
        aliases: pd.aliases ?? [],
        ocean: pd.ocean ?? false,
        island: pd.island,
        data: pd,
      };
      this.provinces.push(p);
      this.provinceById.set(p.id, p);
    }
    this.locationsOf = this.provinces.map(() => []);
    for (const p of this.provinces) {
      const add = (coast: string | null) => {
        const loc: Location = {
          index: this.locations.length,
          id: coast ? `${p.id}/${coast}` : p.id,
          province: p.index,
          coast,
        };
        this.locations.push(loc);
        this.locationById.set(loc.id, loc);
        this.locationsOf[p.index].push(loc.index);
      };
      add(null);
      for (const c of p.coasts) add(c);
    }
    const P = this.provinces.length;
    const L = this.locations.length;
    this.armyAdj = new Uint8Array(P * P);
    this.fleetAdj = new Uint8Array(L * L);
    for (const [from, tos] of Object.entries(data.army_adjacency)) {
      const a = this.mustProvince(from, 'army_adjacency');
      for (const to of tos) this.armyAdj[a.index * P + this.mustProvince(to, `army_adjacency.${from}`).index] = 1;
    }
    for (const [from, tos] of Object.entries(data.fleet_adjacency)) {
      const a = this.mustLocation(from, 'fleet_adjacency');
      for (const to of tos) this.fleetAdj[a.index * L + this.mustLocation(to, `fleet_adjacency.${from}`).index] = 1;
    }
    this.armyNeighbours = this.provinces.map((p) => {
      const out: number[] = [];
      for (let q = 0; q < P; q++) if (this.armyAdj[p.index * P + q]) out.push(q);
      return out;
    });
    this.fleetNeighbours = this.locations.map((l) => {
      const out: number[] = [];
      for (let m = 0; m < L; m++) if (this.fleetAdj[l.index * L + m]) out.push(m);
      return out;
    });
    this.validate();
  }

  private mustProvince(id: string, where: string): Province {
    const p = this.provinceById.get(id);
    if (!p) throw new Error(`map: ${where} names unknown province '${id}'`);
    return p;
  }
  private mustLocation(id: string, where: string): Location {
    const l = this.locationById.get(id);
    if (!l) throw new Error(`map: ${where} names unknown location '${id}'`);
    return l;
  }

  private validate() {
    const P = this.provinces.length;
    const L = this.locations.length;
    for (let a = 0; a < P; a++)
      for (let b = 0; b < P; b++)
        if (this.armyAdj[a * P + b] !== this.armyAdj[b * P + a])
          throw new Error(`map: army adjacency ${this.provinces[a].id}-${this.provinces[b].id} is not symmetric`);
    for (let a = 0; a < L; a++)
      for (let b = 0; b < L; b++)
        if (this.fleetAdj[a * L + b] !== this.fleetAdj[b * L + a])
          throw new Error(`map: fleet adjacency ${this.locations[a].id}-${this.locations[b].id} is not symmetric`);
    for (const p of this.provinces) {
      if (p.homeOf && !this.powers.includes(p.homeOf))
        throw new Error(`map: ${p.id} is home of unknown power ${p.homeOf}`);
      for (const q of this.armyNeighbours[p.index]) {
        const t = this.provinces[q].type;
        if (p.type === 'sea' || p.type === 'impassable' || t === 'sea' || t === 'impassable')
          throw new Error(`map: armies cannot move between ${p.id} and ${this.provinces[q].id}`);
      }
    }
    for (const l of this.locations) {
      const p = this.provinces[l.province];
      if (this.fleetNeighbours[l.index].length && (p.type === 'land' || p.type === 'impassable'))
        throw new Error(`map: fleets cannot stand in ${l.id}`);
      if (this.fleetNeighbours[l.index].length && p.coasts.length && !l.coast)
        throw new Error(`map: fleets stand on a coast of ${p.id}, not on ${l.id}`);
    }
  }

  province(id: string): Province | undefined {
    return this.provinceById.get(id);
  }
  location(id: string): Location | undefined {
    return this.locationById.get(id);
  }
  /** The province part of a location id: 'spa/nc' -> 'spa'. */
  provinceOf(locationId: string): Province | undefined {
    const l = this.locationById.get(locationId);
    return l ? this.provinces[l.province] : undefined;
  }
  armyAdjacent(p: number, q: number): boolean {
    return this.armyAdj[p * this.provinces.length + q] === 1;
  }
  fleetAdjacent(a: number, b: number): boolean {
    return this.fleetAdj[a * this.locations.length + b] === 1;
  }
  /** Whether any location of province q is a fleet neighbour of location a. */
  fleetReachesProvince(a: number, q: number): boolean {
    for (const l of this.locationsOf[q]) if (this.fleetAdjacent(a, l)) return true;
    return false;
  }
  get supplyCenters(): Province[] {
    return this.provinces.filter((p) => p.supplyCenter);
  }
}
