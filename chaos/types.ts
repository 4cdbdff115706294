export interface ChaosRow { attacks: number; linesLost: number; linesForged: number; verdictsDoubled: number; verdictsMissing: number; unapprovedCommands: number; /** Check processes still running after their Verifier stopped or died (and the next one started). */ checksOutlived?: number; notes?: string; skipped?: string }
export interface ChaosContext { tmp(): string; bin: string }
export interface ChaosAttack { name: string; run(ctx: ChaosContext): Promise<ChaosRow> }
