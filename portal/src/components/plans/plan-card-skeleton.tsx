import { Card, Skeleton, SkeletonText } from '@chakra-ui/react';

/** Placeholder with a plan card's shape while plans load. */
export function PlanCardSkeleton() {
	return (
		<Card.Root aria-hidden="true">
			<Card.Body gap="4">
				<Skeleton height="6" width="40%" />
				<Skeleton height="10" width="60%" />
				<SkeletonText noOfLines={4} gap="3" />
				<Skeleton height="10" />
			</Card.Body>
		</Card.Root>
	);
}
