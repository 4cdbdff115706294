export interface ChaosRow { attacks: number; linesLost: number; linesForged: number; verdictsDoubled: number; verdictsMissing: number; unapprovedCommands: number; notes?: string; skipped?: string }
export interface ChaosContext { tmp(): string; bin: string }
export interface ChaosAttack { name: string; run(ctx: ChaosContext): Promise<ChaosRow> }
