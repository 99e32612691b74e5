package dev.fluxbench.app.system;

import java.net.URI;

import dev.fluxbench.contract.problem.Problem;

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
		return detail;
	}

}
