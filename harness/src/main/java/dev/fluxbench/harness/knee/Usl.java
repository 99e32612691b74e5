package dev.fluxbench.harness.knee;

import java.util.List;
import java.util.Optional;

import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.util.Pair;

/**
 * Gunther's Universal Scalability Law, X(N) = λN / (1 + σ(N − 1) + κN(N − 1)), fitted by
 * least squares to a target's (concurrency, throughput) points with Hipparchus'
 * Levenberg–Marquardt. σ (contention: the share of work that queues for something shared)
 * and κ (coherency: the cost of keeping shared state agreed, which makes throughput fall
 * past a peak) are kept at zero or above by fitting their square roots; λ, the throughput
 * of one request in flight, by fitting its logarithm.
 */
final class Usl {

	/** The least number of points that can pin three parameters down. */
	static final int MIN_POINTS = 3;

	/**
	 * A σ or κ below this is none: with κ this small throughput has no peak within any
	 * reachable N, and σ this small sets no ceiling.
	 */
	static final double NO_COHERENCY = 1e-9;

	private static final int MAX_ITERATIONS = 1_000;

	private Usl() {
	}

	static Result fit(List<Point> points) {
		List<Point> usable = points.stream()
			.filter((point) -> point.concurrency() > 0 && point.throughput() > 0 && Double.isFinite(point.concurrency())
					&& Double.isFinite(point.throughput()))
			.toList();
		if (usable.size() < MIN_POINTS) {
			return Result.none("fewer than " + MIN_POINTS + " points with throughput (" + usable.size() + ")");
		}
		if (usable.stream().mapToDouble(Point::concurrency).distinct().count() < MIN_POINTS) {
			return Result.none("fewer than " + MIN_POINTS + " different concurrencies");
		}
		double[] n = usable.stream().mapToDouble(Point::concurrency).toArray();
		double[] x = usable.stream().mapToDouble(Point::throughput).toArray();
		// λ starts at the best throughput per request in flight, which the lightest loads
		// come close to.
		double lambda = 0;
		for (int i = 0; i < n.length; i++) {
			lambda = Math.max(lambda, x[i] / n[i]);
		}
		LeastSquaresBuilder problem = new LeastSquaresBuilder().model((parameters) -> model(parameters, n))
			.target(x)
			.start(new double[] { Math.log(lambda), Math.sqrt(0.05), Math.sqrt(1e-4) })
			.maxIterations(MAX_ITERATIONS)
			.maxEvaluations(MAX_ITERATIONS * 10)
			.lazyEvaluation(false);
		LeastSquaresOptimizer.Optimum optimum;
		try {
			optimum = new LevenbergMarquardtOptimizer().optimize(problem.build());
		}
		catch (MathRuntimeException ex) {
			return Result.none("the fit did not converge: " + ex.getMessage());
		}
		RealVector found = optimum.getPoint();
		double fittedLambda = Math.exp(found.getEntry(0));
		double sigma = square(found.getEntry(1));
		double kappa = square(found.getEntry(2));
		if (!Double.isFinite(fittedLambda) || !Double.isFinite(sigma) || !Double.isFinite(kappa)) {
			return Result.none("the fit diverged");
		}
		double mean = 0;
		for (double value : x) {
			mean += value / x.length;
		}
		double residual = 0;
		double total = 0;
		for (int i = 0; i < n.length; i++) {
			double fitted = throughput(fittedLambda, sigma, kappa, n[i]);
			residual += (x[i] - fitted) * (x[i] - fitted);
			total += (x[i] - mean) * (x[i] - mean);
		}
		double rSquared = (total > 0) ? 1 - residual / total : 0;
		Optional<Double> peak = (kappa > NO_COHERENCY && sigma < 1) ? Optional.of(Math.sqrt((1 - sigma) / kappa))
				: Optional.empty();
		Optional<Double> peakThroughput = peak.map((at) -> throughput(fittedLambda, sigma, kappa, at))
			.or(() -> (kappa <= NO_COHERENCY && sigma > NO_COHERENCY) ? Optional.of(fittedLambda / sigma)
					: Optional.empty());
		return new Result(Optional.of(new Fit(fittedLambda, sigma, kappa, peak, peakThroughput, rSquared, n.length)),
				Optional.empty());
	}

	static double throughput(double lambda, double sigma, double kappa, double n) {
		return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
	}

	/**
	 * The model's values and Jacobian in the fitted parameters (ln λ, √σ, √κ), which keep
	 * λ positive and σ, κ at zero or above without a validator that would pin them at a
	 * bound.
	 */
	private static Pair<RealVector, org.hipparchus.linear.RealMatrix> model(RealVector parameters, double[] n) {
		double lambda = Math.exp(parameters.getEntry(0));
		double a = parameters.getEntry(1);
		double b = parameters.getEntry(2);
		double sigma = a * a;
		double kappa = b * b;
		double[] values = new double[n.length];
		double[][] jacobian = new double[n.length][3];
		for (int i = 0; i < n.length; i++) {
			double denominator = 1 + sigma * (n[i] - 1) + kappa * n[i] * (n[i] - 1);
			double value = lambda * n[i] / denominator;
			values[i] = value;
			jacobian[i][0] = value;
			jacobian[i][1] = -value / denominator * (n[i] - 1) * 2 * a;
			jacobian[i][2] = -value / denominator * n[i] * (n[i] - 1) * 2 * b;
		}
		return new Pair<>(new ArrayRealVector(values, false), new Array2DRowRealMatrix(jacobian, false));
	}

	private static double square(double value) {
		return value * value;
	}

	/**
	 * One measurement: N requests in flight on average, X successful requests per second.
	 */
	record Point(double concurrency, double throughput) {

	}

	/**
	 * A fit.
	 *
	 * @param lambda λ, throughput per unit of concurrency without contention or coherency
	 * @param sigma σ, contention, 0 or above
	 * @param kappa κ, coherency, 0 or above
	 * @param peakConcurrency N* = √((1 − σ)/κ), where throughput peaks; empty when κ is 0
	 * (throughput only levels off) or σ is 1 or more (it never grows)
	 * @param peakThroughput X(N*), or λ/σ, the ceiling it levels off to, when there is no
	 * peak
	 * @param rSquared how much of the throughput's variance the fit explains
	 * @param points how many points it was fitted to
	 */
	record Fit(double lambda, double sigma, double kappa, Optional<Double> peakConcurrency,
			Optional<Double> peakThroughput, double rSquared, int points) {

		double throughput(double concurrency) {
			return Usl.throughput(this.lambda, this.sigma, this.kappa, concurrency);
		}

	}

	/**
	 * A fit, or why there is none.
	 *
	 * @param fit the fit, when there is one
	 * @param reason otherwise, why not
	 */
	record Result(Optional<Fit> fit, Optional<String> reason) {

		static Result none(String reason) {
			return new Result(Optional.empty(), Optional.of(reason));
		}

	}

}
