package dev.fluxbench.app.system;

import java.net.URI;
import java.util.Map;
import java.util.TreeMap;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.unit.UnitPaths;
import tools.jackson.databind.json.JsonMapper;

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
		// The thesis' clients check "success" in every answer of the unit service,
		// failures included.
		if (isUnitPath(path)) {
			detail.setProperty("success", false);
		}
		return detail;
	}

	/**
	 * The body of {@link #of}, for the filters that answer before Spring's message
	 * converters are reached. Its members are sorted, as Jackson 3 sorts a
	 * ProblemDetail's, so that a client sees one shape whoever wrote it.
	 */
	static byte[] json(Problem problem, String path) {
		ProblemDetail detail = of(problem, path);
		Map<String, Object> body = new TreeMap<>();
		body.put("detail", detail.getDetail());
		body.put("instance", path);
		body.put("status", detail.getStatus());
		body.put("title", detail.getTitle());
		body.put("type", String.valueOf(detail.getType()));
		if (detail.getProperties() != null) {
			body.putAll(detail.getProperties());
		}
		return JsonMapper.shared().writeValueAsBytes(body);
	}

	private static boolean isUnitPath(String path) {
		return path.equals(UnitPaths.UNITS) || path.startsWith(UnitPaths.UNITS + "/");
	}

}
