import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { LiveEventsListener } from '../../lib/extensions';
import { usePosLiveEvents } from './pos-realtime';

/** The Bottle POS / Clover sync events: failure toasts with a link to the sync log, page refreshes. */
function PosLiveEvents() {
  const { notification } = App.useApp();
  usePosLiveEvents(notification, useNavigate());
  return null;
}

export const liveEvents: LiveEventsListener[] = [{ key: 'pos', Component: PosLiveEvents }];
