import type { AnalysisResult } from '../types.js';

// Built-in analyzer rules: an analyzer named by a source (AWS Config, Trusted Advisor, …) gets
// a known analysis type and severity whatever the source reported.

export interface AnalyzerRule {
  analysis_type: string;
  severity: string;
}

/** Findings we rate ourselves, by analyzer name. */
export const BUILTIN_ANALYZER_RULES: Readonly<Record<string, AnalyzerRule>> = {
  'ec2-instance-no-public-ip': { analysis_type: 'security', severity: 'critical' },
  'cloudtrail-enabled': { analysis_type: 'security', severity: 'critical' },
  'iam-user-mfa-enabled': { analysis_type: 'security', severity: 'critical' },
  'root-account-hardware-mfa-enabled': { analysis_type: 'security', severity: 'critical' },
  'eks-endpoint-no-public-access': { analysis_type: 'security', severity: 'critical' },
  'vpc-flow-logs-enabled': { analysis_type: 'security', severity: 'warning' },
  'Exposed Access Keys': { analysis_type: 'security', severity: 'critical' },
};

/** Apply the built-in rating to a finding of a known analyzer; other findings keep theirs (default other/info). */
export function rateAnalysis(a: AnalysisResult, rules: Readonly<Record<string, AnalyzerRule>> = BUILTIN_ANALYZER_RULES): AnalysisResult {
  const rule = Object.prototype.hasOwnProperty.call(rules, a.analyzer) ? rules[a.analyzer] : undefined;
  if (rule) return { ...a, analysis_type: rule.analysis_type, severity: rule.severity };
  return { ...a, analysis_type: a.analysis_type || 'other', severity: a.severity || 'info' };
}
