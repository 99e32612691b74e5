package dev.fluxbench.harness.report;

import java.util.Collection;

/**
 * Whether a balancer spread a load evenly over its nodes: each node's share of the
 * requests against the equal share.
 *
 * @param nodes how many nodes served
 * @param largestShare the share of the busiest node
 * @param smallestShare the share of the least busy node
 */
record NodeSpread(int nodes, double largestShare, double smallestShare) {

	/**
	 * How far from the equal share a node may be and the spread still count as even:
	 * round-robin over keep-alive connections is even per request, not per second.
	 */
	static final double TOLERANCE = 0.1;

	static final String RULE = "Even: every node's share is within " + Aspect.number(100 * TOLERANCE)
			+ " % of an equal share (relative).";

	static NodeSpread of(Collection<Double> requests) {
		double total = requests.stream().mapToDouble(Double::doubleValue).sum();
		double largest = requests.stream().mapToDouble(Double::doubleValue).max().orElse(0) / total;
		double smallest = requests.stream().mapToDouble(Double::doubleValue).min().orElse(0) / total;
		return new NodeSpread(requests.size(), largest, smallest);
	}

	boolean even() {
		double equal = 1.0 / this.nodes;
		return this.largestShare <= equal * (1 + TOLERANCE) && this.smallestShare >= equal * (1 - TOLERANCE);
	}

	String describe() {
		return (even() ? "even" : "UNEVEN") + " (busiest " + Aspect.number(100 * this.largestShare) + " %, least "
				+ Aspect.number(100 * this.smallestShare) + " %)";
	}

}
