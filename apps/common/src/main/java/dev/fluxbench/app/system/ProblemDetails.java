package dev.fluxbench.app.system;

import java.net.URI;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.unit.UnitPaths;

import org.springframework.http.ProblemDetail;

final class ProblemDetails {

	private ProblemDetails() {
	}

	static ProblemDetail of(Problem problem, String path) {
		ProblemDetail detail = ProblemDetail.forStatus(problem.type().status());
		detail.setType(problem.type().type());
		detail.setTitle(problem.type().title());
		detail.setDetail(problem.detail());
		detail.setInstance(URI.create(path));
		if (!problem.errors().isEmpty()) {
			detail.setProperty("errors", problem.errors());
		}
		// The thesis' clients check "success" in every answer of the unit service, failures included.
		if (isUnitPath(path)) {
			detail.setProperty("success", false);
		}
		return detail;
	}

	private static boolean isUnitPath(String path) {
		return path.equals(UnitPaths.UNITS) || path.startsWith(UnitPaths.UNITS + "/");
	}

}
