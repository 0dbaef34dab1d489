import type { ComponentType } from 'react';
import { FeatureGate } from '../../lib/feature-gate';
import { usePartner } from './partner';

/** A point-of-sale page behind the gate of the partner its path names (Bottle POS or Clover). */
export function partnerPage(Content: ComponentType) {
  return function PartnerPage() {
    const { partner } = usePartner();
    return (
      <FeatureGate name={partner}>
        <Content />
      </FeatureGate>
    );
  };
}
