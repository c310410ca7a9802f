import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { createFeatureFlag, deleteFeatureFlag, FEATURE_FLAGS_KEY, updateFeatureFlag, type FeatureFlagInput } from './feature-flags-api';

/** A mutation that toasts a success text, shows the server's message on failure, and refreshes flags. */
function useFlagMutation<I>(fn: (input: I) => Promise<unknown>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      toast.success(success);
      await client.invalidateQueries({ queryKey: FEATURE_FLAGS_KEY });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
}

/** Add, update and remove mutations for the Feature Flags page. */
export function useFeatureFlagMutations() {
  return {
    create: useFlagMutation((input: FeatureFlagInput) => createFeatureFlag(input), 'Feature flag added successfully'),
    update: useFlagMutation((input: FeatureFlagInput) => updateFeatureFlag(input), 'Feature flag updated successfully'),
    remove: useFlagMutation((name: string) => deleteFeatureFlag(name), 'Feature flag removed successfully'),
  };
}
