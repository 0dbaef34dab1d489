import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { TOKEN_KEY } from '../../lib/api';
import { purgeLocalData } from '../../lib/version-gate';

/** Purges locally stored data (but keeps the session), then goes to the dashboard. */
export default function CacheClearPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    purgeLocalData([TOKEN_KEY]);
    queryClient.clear();
    navigate('/dashboard', { replace: true });
  }, [navigate, queryClient]);
  return <Spin />;
}
