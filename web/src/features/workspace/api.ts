import { baseApi, type Envelope } from '../../api/baseApi';

export type Period = '7d' | '30d' | '90d' | '12m';
export type Figure = { value: number; previous: number; change: number | null };
export type Bucket = { from: number; to: number | null; clients: number };
export type Activity = {
  id: number;
  action: string;
  description: string;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string | number> | null;
  user: string;
  timestamp: string;
  eventType: string;
};

export type Dashboard = {
  period: Period;
  from: string;
  to: string;
  totalClientsProcessed: Figure;
  averageCreditLimit: Figure;
  averageInterestRate: Figure;
  performanceScore: Figure & { approvalRate: Figure };
  series: { bucket: 'day' | 'week' | 'month'; points: { start: string; clients: number; creditGranted: number }[] };
  scoreDistribution: { minimumScore: number; buckets: Bucket[] };
  recentActivity: Activity[];
};

export type Performance = {
  clients: number;
  approvalRate: number;
  avgCreditLimit: number;
  avgInterestRate: number;
  avgScore: number;
  totalCreditLimit: number;
  creditLimitBands: Bucket[];
  interestRateBands: Bucket[];
  scoreBuckets: Bucket[];
  batches: {
    id: number;
    name: string;
    createdAt: string;
    clients: number;
    approvalRate: number;
    avgCreditLimit: number;
    avgInterestRate: number;
    avgScore: number;
  }[];
};

export type FirstStepName = 'parametersReviewed' | 'templateDownloaded' | 'firstBatchScored';
export type FirstSteps = { steps: { step: FirstStepName; done: boolean; doneAt: string | null }[]; complete: boolean };

/** The workspace dashboard and the portfolio performance of the signed-in institution. */
export const workspaceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, Period>({
      query: (period) => ({ url: '/institution/dashboard', params: { period } }),
      transformResponse: (answer: Envelope<Dashboard>) => answer.data!,
      providesTags: ['Dashboard'],
    }),
    performance: build.query<Performance, void>({
      query: () => '/institution/performance',
      transformResponse: (answer: Envelope<Performance>) => answer.data!,
      providesTags: ['Dashboard'],
    }),
    // The first-day checklist: saving parameters and uploading invalidate 'Dashboard'; a template download is read on return.
    firstSteps: build.query<FirstSteps, void>({
      query: () => '/institution/first-steps',
      transformResponse: (answer: Envelope<FirstSteps>) => answer.data!,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery, useFirstStepsQuery, usePerformanceQuery } = workspaceApi;
